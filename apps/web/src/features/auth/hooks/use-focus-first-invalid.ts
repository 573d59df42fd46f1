import { useEffect, useState, type RefObject } from 'react';

/**
 * After a rejected submit, moves focus to the first field marked invalid, so keyboard and screen-reader
 * users land on the problem. Call the returned function after setting the errors.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>) {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, formRef]);
  return () => setAttempt((value) => value + 1);
}
