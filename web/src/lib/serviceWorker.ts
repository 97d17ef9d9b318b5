import { registerSW } from 'virtual:pwa-register';
import { toast } from './toastStore';

/**
 * Registers sw/sw.ts. A new version waits until the user agrees to reload, so an update never cuts a
 * consultation recording short.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // After the page's load event, so the worker (and its precache downloads) never competes with the first
  // visit's own requests (issue 19, a farm phone on cellular).
  if (document.readyState !== 'complete') {
    window.addEventListener('load', registerServiceWorker, { once: true });
    return;
  }
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
