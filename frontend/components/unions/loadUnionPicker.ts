import type { UnionPicker } from './UnionPicker';

/**
 * The union picker's code, loaded by the first press that opens it (few page views do), once.
 * The press itself is handled by code every page has (UnionPickerHost's listener, UnionChoice's
 * button), so it cannot be lost while this is on its way.
 */
let picker: Promise<typeof UnionPicker> | undefined;
export function loadUnionPicker(): Promise<typeof UnionPicker> {
  picker ??= import('./UnionPicker').then((module) => module.UnionPicker);
  return picker;
}
