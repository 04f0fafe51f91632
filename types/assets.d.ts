// CSS Modules: every package imports its styles as a class-name map.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
