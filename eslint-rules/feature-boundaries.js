import path from 'node:path';

/**
 * Features of the PWA (web/src/features/<name>/) talk to each other through their index.ts: a feature may
 * import `../other` (its index), never a file inside another feature. Inside a feature, and from the app's
 * composition layer (routes, app, main), any file is fine. Tests are exempt: they reach for the unit they test.
 */
const FEATURES = `${path.sep}web${path.sep}src${path.sep}features${path.sep}`;

/** 'recorder' for …/web/src/features/recorder/x/y.ts, with what follows it; undefined outside the features. */
function featureOf(file) {
  const at = file.lastIndexOf(FEATURES);
  if (at < 0) return undefined;
  const [name, ...rest] = file.slice(at + FEATURES.length).split(path.sep);
  return { name, inner: rest.join('/') };
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid deep imports into another web feature; import its index instead' },
    schema: [],
    messages: {
      deep: "Import '{{feature}}' through its index ('{{suggestion}}'), not '{{source}}': features talk through their index.ts.",
    },
  },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(context.filename), source));
      if (!target || target.name === own.name) return;
      if (target.inner === '' || /^index(\.[jt]sx?)?$/.test(target.inner)) return;
      const suggestion = source.slice(0, source.length - target.inner.length - 1);
      context.report({
        node: node.source,
        messageId: 'deep',
        data: { feature: target.name, suggestion, source },
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
