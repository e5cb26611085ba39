/**
 * `astro:content` for the function tests (vitest.config.ts aliases it here): each call runs
 * the build's own loaders (those of src/content.config.ts) against the test's Blobs, as a fresh
 * `astro build` would, so src/data/published.ts and the pages' endpoints (the RSS feed)
 * can be tested without a build.
 */
import {
  dutyIndexationLoader,
  postsLoader,
  servicesLoader,
  settingsLoader,
  testimonialsLoader,
} from '#src/loaders/site-loader.ts';
import { Collection, type Entry } from './content-loader.ts';

export const defineCollection = <T>(config: T): T => config;

const LOADERS = {
  posts: postsLoader,
  services: servicesLoader,
  testimonials: testimonialsLoader,
  settings: settingsLoader,
  dutyIndexation: dutyIndexationLoader,
};
type Name = keyof typeof LOADERS;

async function load(name: Name): Promise<(Entry & { collection: Name })[]> {
  const collection = await new Collection().load(LOADERS[name]);
  // In Astro's order: by id (its data store sorts them), whatever order they were loaded in.
  return [...collection.entries.values()]
    .map((entry) => ({ ...entry, collection: name }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export const getCollection = (name: Name) => load(name);

export const getEntry = async (name: Name, id: string) => (await load(name)).find((entry) => entry.id === id);

export function render(): never {
  throw new Error('render() needs Astro: test the rendered HTML on the entry (`rendered.html`) instead');
}
