// A text input with a list of choices that follows what is typed: the
// WAI-ARIA combobox pattern with a listbox popup. Arrow keys move through
// the choices (the input keeps focus and names the active one with
// aria-activedescendant), Enter picks, Escape closes, a click picks.
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormFrame, errorIdOf } from '@/components/FormField';

interface ComboboxProps<T> {
  id: string;
  label: string;
  // Names the list of choices ("Time zones").
  listLabel: string;
  // What the input shows: the organizer's words while searching.
  text: string;
  onTextChange: (text: string) => void;
  options: T[];
  keyOf: (option: T) => string;
  render: (option: T) => ReactNode;
  onPick: (option: T) => void;
  // The key of the chosen option, marked selected in the list.
  selectedKey?: string | undefined;
  // The first choice is active as soon as the list opens, so Enter picks
  // it (a list to choose from); otherwise Enter picks only a choice moved
  // to (suggestions for free text, where Enter may submit the form).
  pickFirst?: boolean;
  // Read out as the list changes ("3 time zones").
  status?: string;
  onOpen?: () => void;
  onBlur?: () => void;
  errors?: string[] | undefined;
  describedBy?: string;
  frameClassName?: string;
  inputProps?: { autoComplete?: string; maxLength?: number; placeholder?: string; name?: string };
}

export function Combobox<T>({
  id, label, listLabel, text, onTextChange, options, keyOf, render, onPick, selectedKey, pickFirst = false, status, onOpen, onBlur,
  errors, describedBy, frameClassName, inputProps,
}: ComboboxProps<T>) {
  const listId = `${id}-listbox`;
  const { open, active, shown, openList, close, pick, onKeyDown } = useChoices({ options, keyOf, selectedKey, onPick, onOpen });
  const optionId = (i: number) => `${id}-option-${i}`;

  // The active choice stays in view as the arrow keys move through a long list.
  useEffect(() => {
    if (shown && active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [shown, active, id]);

  const invalid = !!errors && errors.length > 0;
  const described = [invalid ? errorIdOf(id) : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <FormFrame id={id} label={label} errors={errors} className={frameClassName}>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          dir="auto"
          aria-expanded={shown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={described}
          className={`field-input ${invalid ? 'ring-2 ring-red-600' : ''}`}
          value={text}
          onChange={(e) => {
            onTextChange(e.target.value);
            openList(pickFirst ? 0 : -1);
          }}
          onClick={() => (open ? close() : openList(pickFirst ? Math.max(0, options.findIndex((o) => keyOf(o) === selectedKey)) : -1))}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            onBlur?.();
          }}
          {...inputProps}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={listLabel}
          hidden={!shown}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-300"
        >
          {shown &&
            options.map((option, i) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the input's (aria-activedescendant)
              <li
                key={keyOf(option)}
                id={optionId(i)}
                role="option"
                aria-selected={keyOf(option) === selectedKey}
                className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 aria-selected:font-semibold ${
                  i === active ? 'bg-indigo-700 text-white' : 'text-slate-900'
                }`}
                // The input keeps focus, so its blur does not close the list first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(option)}
              >
                {render(option)}
              </li>
            ))}
        </ul>
      </div>
      <p role="status" className="sr-only">
        {open ? status : ''}
      </p>
    </FormFrame>
  );
}

// Whether the list is open, its active choice, and the keys that move
// through it and pick.
function useChoices<T>({ options, keyOf, selectedKey, onPick, onOpen }: Pick<ComboboxProps<T>, 'options' | 'keyOf' | 'selectedKey' | 'onPick' | 'onOpen'>) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && options.length > 0;
  function openList(at: number) {
    if (!open) onOpen?.();
    setOpen(true);
    setActive(at);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function pick(option: T) {
    onPick(option);
    close();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    const selected = options.findIndex((o) => keyOf(o) === selectedKey);
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) openList(e.altKey ? -1 : Math.max(selected, 0));
        else setActive(active >= last ? 0 : active + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) openList(selected >= 0 ? selected : last);
        else setActive(active <= 0 ? last : active - 1);
        break;
      case 'Enter': {
        const option = shown && active >= 0 ? options[active] : undefined;
        if (option) {
          e.preventDefault();
          pick(option);
        }
        break;
      }
      case 'Escape':
        if (open) {
          e.preventDefault();
          close();
        }
        break;
    }
  }

  return { open, active, shown, openList, close, pick, onKeyDown };
}
