/** The system declarations: tenants, organisation, users, authority, menus, dictionaries, regions. */
export * from './authority.js';
export * from './clients.js';
export * from './dictionaries.js';
export * from './menus.js';
export * from './organisation.js';
export * from './params.js';
export * from './regions.js';
export * from './tenants.js';
export * from './users.js';
