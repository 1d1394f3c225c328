// The frontend's import boundaries, checked by `npm run lint:deps`.
//
// The folders under components/ stand on floors: a folder imports only folders on the floors below
// it, so no two folders import each other and a change in a feature never reaches below it. Each
// folder lists what it may import; lib/ is under all of them and app/ (routes) over all of them.
// A new folder goes on the lowest floor its imports allow, before anything is imported from it.
const FLOORS = [
  // Under the ground: the icons, which any folder may draw.
  {
    icons: [],
  },
  // The ground: nothing from other component folders but the icons.
  {
    common: [],
    embed: [],
    hotels: ['icons'],
    modals: ['icons'],
    motion: [],
    preview: [],
    providers: [],
    session: [],
    share: [],
    status: ['icons'],
  },
  // Kits and small features: the form kit, and what features put on a page.
  {
    eligibility: ['common'],
    forms: ['common'],
    links: ['common', 'modals', 'providers'],
    mailing: ['modals', 'session'],
    search: ['common', 'icons'],
    unions: ['common', 'modals', 'session'],
    uploads: ['common'],
  },
  // Features.
  {
    auth: ['common', 'forms', 'icons', 'modals', 'session', 'status'],
    blocks: ['common', 'embed', 'forms', 'links', 'modals', 'motion', 'providers', 'session'],
    blog: ['common', 'mailing', 'share'],
    favorites: ['common', 'forms', 'icons', 'session', 'status'],
    grants: ['common', 'forms', 'status', 'uploads'],
    heroes: ['common', 'links', 'mailing'],
    home: ['common'],
    layout: ['common', 'icons', 'modals', 'search', 'session', 'status', 'unions'],
    livestream: ['common', 'forms'],
  },
  // What puts features together: content pages, the shell, the account, the store.
  {
    account: ['auth', 'common', 'forms', 'modals', 'session', 'status'],
    page: ['auth', 'blocks', 'common', 'eligibility', 'embed', 'favorites', 'heroes', 'hotels', 'links', 'livestream', 'mailing', 'modals', 'preview', 'unions'],
    partners: ['auth', 'common', 'forms', 'modals', 'session', 'status'],
    precheck: ['common', 'forms', 'grants'],
    shell: ['auth', 'blocks', 'layout', 'links', 'modals', 'providers', 'session', 'status', 'unions'],
    store: ['common', 'favorites', 'forms', 'icons', 'modals', 'session', 'status'],
  },
];

const folders = FLOORS.flatMap((floor) => Object.keys(floor));
const any = (names) => `^components/(${names.join('|')})/`;

// One rule per folder: what it may import. A folder allowed to import one on its own floor or
// above would let the floors fold back into knots, so the table is refused.
const layering = FLOORS.flatMap((floor, level) => {
  const below = new Set(FLOORS.slice(0, level).flatMap((lower) => Object.keys(lower)));
  return Object.entries(floor).map(([folder, allowed]) => {
    const above = allowed.filter((name) => !below.has(name));
    if (above.length > 0) {
      throw new Error(`components/${folder} may only import folders on lower floors, not ${above.join(', ')}`);
    }
    return {
      name: `components-${folder}`,
      comment: `components/${folder} imports only ${allowed.length > 0 ? allowed.join(', ') : 'lib/'} of the component folders`,
      severity: 'error',
      from: { path: `^components/${folder}/` },
      to: { path: '^components/', pathNot: any([folder, ...allowed]) },
    };
  });
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module reaches itself through its imports (tests included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      comment: 'No two component folders import each other, directly or through others.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^components/' },
      to: { path: '^components/', circular: true },
    },
    {
      name: 'components-unplaced',
      comment: 'A component folder is on a floor (FLOORS in this file) before it imports anything.',
      severity: 'error',
      from: { path: '^components/', pathNot: any(folders) },
      to: {},
    },
    ...layering,
    {
      name: 'lib-below-components',
      comment: 'lib/ is under every component and route.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(components|app)/' },
    },
    {
      name: 'components-below-app',
      comment: 'Routes use components, never the other way round.',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|test-results|playwright-report|public)/' },
    // Type-only imports count: a type is as much a dependency as a value.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
