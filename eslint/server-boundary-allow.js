/*
 * Imports the server's boundary rule (server-feature-boundaries.js) still lets through, each by name: they sit in files
 * streams A and B were editing when the rule came (#37, stream I), so they were left for those streams' merge. Once
 * merged, the lead moves each import to the feature's index.ts (add the name there) and removes its entry here.
 */
export const serverBoundaryAllow = {
  // B (bio): search's text tools and the revisions' stamps.
  'features/bio/cover-route.ts': ['features/revisions/if-match.ts', 'features/revisions/record-revisions.ts'],
  'features/bio/highlight.ts': ['features/search/text.ts'],
  'features/bio/repo.ts': ['features/search/text.ts'],
  'features/bio/routes.ts': ['features/revisions/if-match.ts', 'features/revisions/record-revisions.ts', 'features/search/engine.ts', 'features/search/text.ts'],
  'features/bio/service.ts': ['features/revisions/record-revisions.ts', 'features/search/documents.ts'],
  'features/bio/sitemap.ts': ['features/site/pages.ts'],
  // B (editor): the articles' repository, revisions, service and view; the uploads library.
  'features/editor/preview.ts': ['features/articles/repo.ts', 'features/articles/revisions.ts', 'features/articles/view.ts'],
  'features/editor/release.ts': ['features/articles/service.ts'],
  'features/editor/repo.ts': ['features/articles/view.ts'],
  'features/editor/routes.ts': [
    'features/articles/repo.ts',
    'features/articles/revisions.ts',
    'features/articles/service.ts',
    'features/articles/view.ts',
    'features/revisions/if-match.ts',
    'features/uploads/service.ts',
    'features/uploads/staff-uploads.ts',
  ],
  // B (stores): the articles' repository and service, slug redirects, revisions, the uploads library.
  'features/stores/preview.ts': ['features/site/pages.ts'],
  'features/stores/routes.ts': [
    'features/articles/repo.ts',
    'features/articles/service.ts',
    'features/redirects/slug-redirects.ts',
    'features/revisions/if-match.ts',
    'features/revisions/record-revisions.ts',
    'features/uploads/service.ts',
  ],
};
