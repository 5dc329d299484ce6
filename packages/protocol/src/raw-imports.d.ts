// Vite's `?raw` imports (used by tests only): the file's text.
declare module '*.md?raw' {
  const text: string;
  export default text;
}
