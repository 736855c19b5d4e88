// Modules TypeScript cannot see by itself. Listed in every tsconfig that reaches the web app's
// sources (the server type-checks the SSR entry, the desktop mounts the admin).

// Prism's language components are scripts that extend the global Prism; they export nothing.
declare module 'prismjs/components/*.js' {}

// Vite's CSS modules, for the tsconfigs without vite/client's types (the server's, which reaches
// the public pages through the SSR entry, and the desktop's); the same shape as vite/client's own.
declare module '*.module.css' {
  const classes: { readonly [key: string]: string };
  export default classes;
}
