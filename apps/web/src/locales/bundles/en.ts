// one chunk per language: the shared texts and every feature's, merged (see lib/locale-resources.ts).
const files = import.meta.glob<Record<string, unknown>>(['../en.json', '../../features/*/locales/en.json'], {
  import: 'default',
  eager: true,
});

const texts: Record<string, unknown> = Object.assign({}, ...Object.values(files));
export default texts;
