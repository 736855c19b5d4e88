export * from './clean-text.js';
export * from './constants.js';
export * from './html-allow-list.js';
export * from './messages.js';
export * from './schemas.js';
export * from './tags.js';
export * from './types.js';
export * from './zod-messages.js';
