import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef } from "preact/hooks";

/**
 * A change asked to be confirmed: the question, "Yes, …" and Cancel. Focus moves to the Yes
 * button when it opens, so keyboard and screen-reader users are taken to it.
 */
export function ConfirmBox({
  children,
  yes,
  onYes,
  onCancel,
}: {
  children: ComponentChildren;
  yes: string;
  onYes: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div class="notice" role="alertdialog" aria-labelledby={id}>
      <p id={id}>{children}</p>
      <button type="button" ref={button} onClick={onYes}>
        {yes}
      </button>
      <button type="button" class="quiet" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
