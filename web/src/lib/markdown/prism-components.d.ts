// Prism's language components are scripts that extend the global Prism; they export nothing.
declare module 'prismjs/components/*.js' {}
