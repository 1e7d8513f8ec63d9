/**
 * The wire contract shared by the server and the web (ARCHITECTURE §4). Resource declarations
 * of the registry live beside it.
 */
export type { Envelope, MenuNode, Page, PublicSettings, TokenAnswer } from './wire.js';
