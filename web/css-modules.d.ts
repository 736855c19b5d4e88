// CSS modules (`*.module.css`) as Vite's client types declare them, for the programs that
// type-check the web app's sources without those types: the server (its SSR entry) and the
// desktop's Node tests. web/tsconfig.json has Vite's own declaration; listing both in one
// program would declare the module twice.
declare module '*.module.css' {
  const classes: { readonly [key: string]: string };
  export default classes;
}
