import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/** The route modules whose chunks the service worker precaches besides the entry: the recorder (start_url). */
const PRECACHED_ROUTES = [/[\\/]web[\\/]src[\\/]routes[\\/]AppPage\.tsx$/];

/**
 * Issue 19: the first visit on a farm phone's cellular link should fetch only what the recorder needs
 * offline — the app shell and the recorder — not pdfmake and its fonts (2 MiB raw), the admin, settings
 * and history pages. This plugin learns from the bundle which files those are (the entry chunk, the
 * recorder's route chunk and everything they import statically, with their CSS); `manifestTransforms`
 * then keeps only them (plus non-JS/CSS files: HTML, icons, manifest) in the precache. Everything else in
 * /assets/ is cached by the service worker on first use (sw/sw.ts, runtime caching).
 */
export function precacheSplit() {
  const keep = new Set<string>();
  let learnt = false;

  const plugin: Plugin = {
    name: 'veldvet:precache-split',
    apply: 'build',
    generateBundle(_options, bundle) {
      keep.clear();
      const visit = (fileName: string) => {
        if (keep.has(fileName)) return;
        const output = bundle[fileName];
        if (!output) return;
        keep.add(fileName);
        if (output.type !== 'chunk') return;
        for (const css of output.viteMetadata?.importedCss ?? []) keep.add(css);
        for (const imported of output.imports) visit(imported);
      };
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const isRecorder = PRECACHED_ROUTES.some((route) => route.test(output.facadeModuleId ?? ''));
        if (output.isEntry || isRecorder) visit(output.fileName);
      }
      learnt = keep.size > 0;
    },
  };

  /** For injectManifest.manifestTransforms. */
  const manifestTransform = async <Entry extends { url: string }>(entries: Entry[]) => {
    if (!learnt)
      return { manifest: entries, warnings: ['precache-split: no bundle seen, precaching everything'] };
    const manifest = entries.filter(
      (entry) =>
        // app.html is the server's first answer for /app; offline, index.html serves every navigation.
        entry.url !== PRELOADED_ROUTE.html && (!/\.(?:js|css)$/.test(entry.url) || keep.has(entry.url)),
    );
    return { manifest, warnings: [] };
  };

  return { plugin: [plugin, routePreload()], manifestTransform };
}

/** The route module whose page comes with its chunks' preloads, and that page (the server sends it for /app). */
const PRELOADED_ROUTE = { module: PRECACHED_ROUTES[0]!, html: 'app.html' };

/**
 * Issue 19, Lighthouse mobile on /app: the recorder's chunk is a dynamic import, so the browser asked for
 * it only once the shell (React and the router, ~100 KiB) had arrived and run — a second round of
 * downloads before the pre-consultation card could paint. This writes `app.html`: index.html with
 * `<link rel="modulepreload">` (and a style preload) for the recorder's chunk, the chunks it imports and
 * their CSS, so they download together with the shell. The server sends it for /app (api/app.ts); every
 * other path gets index.html and fetches nothing extra. (An earlier version added the links from a small
 * script on index.html, which cost the recorder one more round trip before its downloads began.) Offline,
 * the service worker answers every navigation with the precached index.html, whose chunks it holds.
 * Runs after Vite has written index.html into the bundle (enforce: 'post').
 */
function routePreload(): Plugin {
  return {
    name: 'veldvet:route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle: OutputBundle) {
      const html = bundle['index.html'];
      const route = Object.values(bundle).find(
        (output) => output.type === 'chunk' && PRELOADED_ROUTE.module.test(output.facadeModuleId ?? ''),
      );
      if (html?.type !== 'asset' || route?.type !== 'chunk') {
        this.warn('route-preload: no index.html or recorder chunk in the bundle, nothing preloaded');
        return;
      }
      // What index.html already fetches (the entry and its static imports) is left out.
      const inHtml = new Set<string>();
      const walkEntry = (fileName: string) => {
        const output = bundle[fileName];
        if (inHtml.has(fileName) || output?.type !== 'chunk') return;
        inHtml.add(fileName);
        output.imports.forEach(walkEntry);
      };
      for (const output of Object.values(bundle))
        if (output.type === 'chunk' && output.isEntry) walkEntry(output.fileName);
      const scripts: string[] = [];
      const styles: string[] = [];
      const walkRoute = (fileName: string) => {
        const output = bundle[fileName];
        if (inHtml.has(fileName) || scripts.includes(fileName) || output?.type !== 'chunk') return;
        scripts.push(fileName);
        for (const css of output.viteMetadata?.importedCss ?? []) if (!styles.includes(css)) styles.push(css);
        output.imports.forEach(walkRoute);
      };
      walkRoute(route.fileName);
      // CORS mode as in Vite's own tags (crossorigin), so the later imports reuse these downloads.
      const links = [
        ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ];
      // Not the session check (/api/auth/me): a preload holds the document's load event until it is
      // answered, and on lie-fi (network up, API silent) that would never come — nor would the service
      // worker, which registers after load (web/src/lib/serviceWorker.ts).
      const page = String(html.source);
      if (!page.includes('</head>')) this.error('route-preload: index.html has no </head>');
      this.emitFile({
        type: 'asset',
        fileName: PRELOADED_ROUTE.html,
        source: page.replace('</head>', `\n    ${links.join('\n    ')}\n  </head>`),
      });
    },
  };
}
