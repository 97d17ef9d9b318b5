import { useEffect, useState } from 'react';
import { LOCAL_KEYS } from '../../data/storage-keys';
import { apiJson } from '../../lib/api';

export const PRODUCT_NAME = 'VeldVet';
export const PRODUCT_SUBTITLE = 'Veterinary Voice Transcription';

export interface AppInfo {
  name: string;
  providerName: string;
}

const PROVIDER_KEY = LOCAL_KEYS.providerName;

function rememberedProviderName(): string | undefined {
  try {
    return localStorage.getItem(PROVIDER_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function rememberProviderName(providerName: string): void {
  try {
    localStorage.setItem(PROVIDER_KEY, providerName);
  } catch {
    // Storage unavailable: the name just won't show offline.
  }
}

/** Asked once per page load, shared by every header that shows it; a failure is asked again next load. */
let appInfo: Promise<AppInfo | undefined> | undefined;
function loadAppInfo(): Promise<AppInfo | undefined> {
  appInfo ??= apiJson<AppInfo>('GET', '/api/app-info').then(
    (info) => {
      rememberProviderName(info.providerName);
      return info;
    },
    () => undefined,
  );
  return appInfo;
}

/**
 * The configured AI provider's name for 'Powered by …'. Remembered on the device so the header still
 * reads right when the installed app opens offline.
 */
export function useProviderName(): string | undefined {
  const [providerName, setProviderName] = useState(rememberedProviderName);
  useEffect(() => {
    let current = true;
    void loadAppInfo().then((info) => {
      if (current && info) setProviderName(info.providerName);
    });
    return () => {
      current = false;
    };
  }, []);
  return providerName;
}
