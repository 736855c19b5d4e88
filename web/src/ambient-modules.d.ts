// Modules TypeScript cannot see by itself. Listed in every tsconfig that reaches the web app's
// sources (the server type-checks the SSR entry, the desktop mounts the admin).

// Prism's language components are scripts that extend the global Prism; they export nothing.
declare module 'prismjs/components/*.js' {}

// The public theme's CSS text, made by web/vite/public-theme-css.ts.
declare module 'virtual:public-theme.css?inline' {
  const css: string;
  export default css;
}

// CSS modules (Vite's vite/client declares the same for the web app; the server's and the
// desktop's type-checks reach the public components without it).
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
