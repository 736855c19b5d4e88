export * from './constants.js';
export * from './html-allow-list.js';
export * from './messages.js';
export * from './schemas.js';
export * from './tags.js';
export * from './text.js';
export * from './types.js';
