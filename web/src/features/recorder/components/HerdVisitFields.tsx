import type { PreConsultationData } from '#shared/schemas/clinical';
import { TextField } from '../../../components/ui/Field';

/**
 * The Herd Visit part of the pre-consultation panel (issue 20): the group seen and its size. The farm is
 * the client name; the species select above applies to the whole group.
 */
export function HerdVisitFields({
  value,
  disabled,
  onChange,
}: {
  value: PreConsultationData;
  disabled?: boolean | undefined;
  onChange: (patch: Partial<PreConsultationData>) => void;
}) {
  return (
    <>
      <TextField
        label="Group Name"
        placeholder="e.g. Kamp 3 ooie"
        value={value.groupName ?? ''}
        disabled={disabled}
        onChange={(event) => onChange({ groupName: event.target.value })}
        autoComplete="off"
      />
      <TextField
        label="Number of Animals"
        type="number"
        inputMode="numeric"
        min={1}
        value={value.animalCount ?? ''}
        disabled={disabled}
        onChange={(event) => {
          const count = Number.parseInt(event.target.value, 10);
          onChange({ animalCount: Number.isFinite(count) && count > 0 ? count : undefined });
        }}
      />
    </>
  );
}
