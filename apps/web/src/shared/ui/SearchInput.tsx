import { useEffect, useEffectEvent, useState } from 'react';
// The Search field alone: antd's `Input` export carries TextArea, Password and OTP with it.
import Search from 'antd/es/input/Search';
import { SEARCH_DEBOUNCE_MS } from '@portal/contract';
import { useDebouncedValue } from '../lib/useDebouncedValue';

export interface SearchInputProps {
  /** The applied search (usually from useListParams). */
  value: string | undefined;
  /** Called with the trimmed text once typing pauses for 300 ms, or at once on Enter / clear. */
  onSearch(value: string): void;
  placeholder?: string;
  width?: number;
  'aria-label'?: string;
}

/** A search box whose typing is debounced (spec §9) before it reaches the URL. */
export function SearchInput({ value = '', onSearch, placeholder, width = 280, ...rest }: SearchInputProps) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // The URL changed from elsewhere (back button, reset): show it.
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const apply = (next: string) => {
    const trimmed = next.trim();
    if (trimmed !== value) onSearch(trimmed);
  };
  const emit = useEffectEvent(apply);
  useEffect(() => {
    emit(debounced);
  }, [debounced]);

  return (
    <Search
      allowClear
      value={text}
      placeholder={placeholder}
      aria-label={rest['aria-label'] ?? placeholder}
      style={{ width }}
      onChange={(e) => setText(e.target.value)}
      onSearch={(next) => {
        setText(next);
        apply(next);
      }}
    />
  );
}
