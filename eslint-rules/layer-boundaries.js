import path from 'node:path';

/**
 * Which top-level folders of the repository may import which: shared/ is imported by everyone and imports
 * none of them; db/ knows nothing of the API; the PWA (web/, sw/) never reaches into the server. Relative
 * imports are resolved against the repository, so a folder that happens to be called `api` inside a feature
 * is not mistaken for the server. Options: { root, forbid: { [from]: [to, …] } }.
 */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports across the layers of the repository (shared, db, api, web, sw)' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          forbid: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['root', 'forbid'],
        additionalProperties: false,
      },
    ],
    messages: {
      layer: "{{from}}/ must not import from {{to}}/ ('{{source}}'){{why}}",
    },
  },
  create(context) {
    const { root, forbid } = context.options[0];
    const topOf = (file) => {
      const relative = path.relative(root, file);
      return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
    };
    const from = topOf(context.filename);
    const forbidden = from === undefined ? undefined : forbid[from];
    if (!forbidden) return {};
    const why = {
      shared: ': shared code runs on both sides and depends on neither',
      db: ': the database layer is used by the API and scripts, not the other way round',
      web: ': the PWA talks to the server over HTTP only (types come from shared/)',
      sw: ': the service worker talks to the server over HTTP only (types come from shared/)',
    };
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      let to;
      if (source.startsWith('.')) to = topOf(path.resolve(path.dirname(context.filename), source));
      else if (source.startsWith('#shared/')) to = 'shared';
      if (to === undefined || to === from || !forbidden.includes(to)) return;
      context.report({
        node: node.source,
        messageId: 'layer',
        data: { from, to, source, why: why[from] ?? '' },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
