/**
 * Every page's address, by the page's name: the one owner of SPEC §2's paths. The page table
 * (`pages.ts`) gives each row its path from here; a link needs only this small module, so a
 * widget's chunk does not carry the whole table.
 */
export * as PATHS from './addresses';
