/** The shared "Unsaved changes" bar (components/ui/ContextualSaveBar). */
export default {
  'saveBar.unsaved': 'Unsaved changes',
  'saveBar.discard': 'Discard',
  'saveBar.save': 'Save',
  'saveBar.saving': 'Saving…',
} satisfies Record<string, string>;
