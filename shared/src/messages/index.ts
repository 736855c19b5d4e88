/**
 * Every Chinese message the server sends and the clients show, one module per area: what the
 * server answers (server/API.md §1.2), the public pages, the admin, backup import fields, the desktop
 * app's screens and its bridge. Server, web and desktop import them from here, so the wording
 * cannot drift apart; a string both the server and a client show is defined once and referred to.
 */
export * from './public-ui.messages.js';
export * from './server.messages.js';
export * from './admin-ui.messages.js';
export * from './import-fields.messages.js';
export * from './desktop-ui.messages.js';
export * from './desktop-bridge.messages.js';
export * from './folder-import.messages.js';
export * from './desktop-sync.messages.js';
export * from './editor-search.messages.js';
export * from './image-insert.messages.js';
export * from './comment-conversation.messages.js';
export * from './public-comments.messages.js';
export * from './mail.messages.js';
export * from './desktop-comments.messages.js';
export * from './admin-comments.messages.js';
export * from './storage.messages.js';
export * from './addresses.messages.js';
export * from './preview-links.messages.js';
export * from './backups.messages.js';
export * from './blog-import-sources.messages.js';
export * from './blog-import-ui.messages.js';
export * from './backup-screens.messages.js';
export * from './blog-import-images.messages.js';
export * from './blog-import-wordpress.messages.js';
export * from './backup-targets.messages.js';
export * from './blog-import-job.messages.js';
export * from './reader-stats.messages.js';
export * from './subscribers.messages.js';
export * from './stats-ui.messages.js';
