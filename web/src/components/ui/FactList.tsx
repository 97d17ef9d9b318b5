/** Label/value pairs as a description list; pairs without a value are left out, and nothing renders if none is left. */
export function FactList({
  items,
  className,
}: {
  items: ReadonlyArray<readonly [label: string, value: string | null | undefined]>;
  className?: string;
}) {
  const shown = items.filter((item): item is readonly [string, string] => Boolean(item[1]?.trim()));
  if (shown.length === 0) return null;
  return (
    <dl className={className}>
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
