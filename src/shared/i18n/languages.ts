import { z } from 'zod';
import { LANGUAGE_CHOICES } from './languageChoices';

export { LANGUAGE_CHOICES, isLanguageChoice, type LanguageChoice } from './languageChoices';
/** The language setting's values (languageChoices.ts) as a schema, for the settings file and the bridge. */
export const languageChoiceSchema = z.enum(LANGUAGE_CHOICES);
