/** A shared message catalogue with only the names the app takes from it (`build/sharedNamesOnly.ts`). */
declare module '*.json?names' {
  const names: Record<string, string>;
  export default names;
}
