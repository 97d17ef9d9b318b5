import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';

/** A yes/no confirmation with the spec's exact texts; the destructive choice is the red one. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  noLabel,
  yesLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  noLabel: string;
  yesLabel: string;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      hideCloseButton
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} autoFocus>
            {noLabel}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            {yesLabel}
          </Button>
        </>
      }
    />
  );
}
