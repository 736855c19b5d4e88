// Modules TypeScript cannot see by itself. Listed in every tsconfig that reaches the web app's
// sources (the server type-checks the SSR entry, the desktop mounts the admin).

// Prism's language components are scripts that extend the global Prism; they export nothing.
declare module 'prismjs/components/*.js' {}
