import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LOCAL_KEYS } from '../../data/storage-keys';

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

/**
 * The configured AI provider's name for 'Powered by …'. Remembered on the device so the header still
 * reads right when the installed app opens offline.
 */
export function useProviderName(): string | undefined {
  const { data } = useQuery<AppInfo>({ queryKey: ['/api/app-info'] });
  const providerName = data?.providerName;
  useEffect(() => {
    if (!providerName) return;
    try {
      localStorage.setItem(PROVIDER_KEY, providerName);
    } catch {
      // Storage unavailable: the name just won't show offline.
    }
  }, [providerName]);
  return providerName ?? rememberedProviderName();
}
