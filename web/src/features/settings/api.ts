import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PracticeSettings, TestEmailResponse, UpdatePracticeSettings } from '#shared/schemas/settings';
import { apiJson } from '../../lib/api';
import { startSessionCheck } from '../auth';

export const PRACTICE_SETTINGS_KEY = ['/api/settings/practice'] as const;

export function usePracticeSettings() {
  return useQuery<PracticeSettings>({ queryKey: PRACTICE_SETTINGS_KEY });
}

export function useSavePracticeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UpdatePracticeSettings) =>
      apiJson<PracticeSettings>('PUT', '/api/settings/practice', update),
    onSuccess: async (saved) => {
      queryClient.setQueryData(PRACTICE_SETTINGS_KEY, saved);
      // The header shows the practice name.
      await startSessionCheck({ fresh: true });
    },
  });
}

export function useSendTestEmail() {
  return useMutation({
    mutationFn: () => apiJson<TestEmailResponse>('POST', '/api/settings/practice/test-email', {}),
  });
}
