/** The mall and learning declarations: every tenant's business data (see businessTables). */
export * from './activities.js';
export * from './content.js';
export * from './feedback.js';
export * from './learning.js';
export * from './shop.js';
