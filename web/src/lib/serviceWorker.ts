import { registerSW } from 'virtual:pwa-register';
import { toast } from './toastStore';

/**
 * Registers sw/sw.ts. A new version waits until the user agrees to reload, so an update never cuts a
 * consultation recording short.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      toast({
        title: 'Update available',
        description: 'A new version of VeldVet is ready.',
        action: { label: 'Reload', onSelect: () => void updateServiceWorker(true) },
      });
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });
}
