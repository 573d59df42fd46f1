/** build/locale-json.ts: the address of each language's texts (a hashed JSON file once built). */
declare module 'virtual:papo-locale-urls' {
  const urls: Record<string, string>;
  export default urls;
}
