import { useState } from 'react';
import { toast } from '../../lib/toastStore';
import type { FormProblem } from './validation';

/**
 * Shows a validation problem the way the spec asks (a destructive toast with its title and text), marks
 * the field invalid and moves focus to it.
 */
export function useFormProblems<Field extends string>() {
  const [invalidField, setInvalidField] = useState<Field | null>(null);
  function report(form: HTMLFormElement, problem: FormProblem<Field>): void {
    toast({ title: problem.title, description: problem.description, variant: 'destructive' });
    setInvalidField(problem.field);
    const element = form.elements.namedItem(problem.field);
    if (element instanceof HTMLInputElement) element.focus();
  }
  return { invalidField, report, clear: () => setInvalidField(null) };
}
