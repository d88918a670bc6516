import type { StatisticsDefinitions } from './api';

export type DefinitionName = keyof StatisticsDefinitions;

/** What a figure means, by its name, with the server's (English) words for it. */
export interface FigureDefinition {
  name: DefinitionName;
  text: string;
}

/** The definition the server sent for `name`. */
export const definitionOf = (definitions: StatisticsDefinitions, name: DefinitionName): FigureDefinition => ({
  name,
  text: definitions[name],
});
