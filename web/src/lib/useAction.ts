import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export interface ActionOptions<Input, Output> {
  onSuccess?: (output: Output, input: Input) => unknown;
  onError?: (error: unknown, input: Input) => unknown;
}

/** Before, during or after a failed call: no data. After a successful one: its output and input. */
type ActionState<Input, Output> =
  | { isPending: boolean; isSuccess: false; data: undefined; variables: Input | undefined }
  | { isPending: false; isSuccess: true; data: Output; variables: Input };

export type Action<Input, Output> = ActionState<Input, Output> & {
  /** Starts the call; a second start while one runs is ignored (a double tap sends one request). */
  mutate: (input: Input) => void;
};

/**
 * One server call started by the user (sign in, sign out, reset a password) with its pending and success
 * state: what the account pages need of TanStack Query's useMutation, without loading it on the pages the
 * shell precaches (issue 19).
 */
export function useAction<Input, Output>(
  run: (input: Input) => Promise<Output>,
  options: ActionOptions<Input, Output> = {},
): Action<Input, Output> {
  const [state, setState] = useState<ActionState<Input, Output>>({
    isPending: false,
    isSuccess: false,
    data: undefined,
    variables: undefined,
  });
  const running = useRef(false);
  const latest = useRef({ run, options });
  // The handlers of the latest render, for a call that settles after a re-render.
  useLayoutEffect(() => {
    latest.current = { run, options };
  });
  const mutate = useCallback((input: Input) => {
    if (running.current) return;
    running.current = true;
    setState({ isPending: true, isSuccess: false, data: undefined, variables: input });
    const { run: call, options: handlers } = latest.current;
    void call(input).then(
      async (output) => {
        running.current = false;
        setState({ isPending: false, isSuccess: true, data: output, variables: input });
        await handlers.onSuccess?.(output, input);
      },
      async (error: unknown) => {
        running.current = false;
        setState({ isPending: false, isSuccess: false, data: undefined, variables: input });
        await handlers.onError?.(error, input);
      },
    );
  }, []);
  return { ...state, mutate };
}
