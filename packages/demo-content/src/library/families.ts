import { archway, column, door, platform, room, stairs, wall, windowF } from './families/architecture';
import { bed, cabinet, chair, coffeeTable, desk, sofa, stool, table, wardrobe } from './families/furniture';
import { floorLamp, pendant, streetLamp, tableLamp, trackLight } from './families/lighting';
import { cactus, hedge, pottedPlant, tree } from './families/plants';
import { ball, barrel, bin, books, cartons, clock, crate, mug, screen, shapes, trafficCone, vase } from './families/props';
import { bookshelf, plinth, rack, tieredStand, vitrine, wallShelf } from './families/shelving';
import { bicycle, boat, bus, car, truck } from './families/vehicles';
import {
  aBoard,
  barrier,
  bench,
  board,
  easel,
  frame,
  globe,
  lectern,
  locker,
  postSign,
  rollup,
  schoolDesk,
  sculpture,
  wallSign,
} from './families/venues';
import type { Family } from './family';

/*
 * The parametric families of the platform library, one file per group of categories under families/. Each axis value
 * changes what the model looks like (a colour, a proportion, a count of parts, a style), so every combination is a
 * distinct model. Dimensions are metres.
 */

/** Every family of props (the characters are in `character.ts`), in catalogue order. */
export const FAMILIES: readonly Family[] = [
  chair,
  stool,
  table,
  coffeeTable,
  desk,
  sofa,
  bed,
  cabinet,
  wardrobe,
  plinth,
  vitrine,
  tieredStand,
  bookshelf,
  rack,
  wallShelf,
  floorLamp,
  tableLamp,
  pendant,
  trackLight,
  streetLamp,
  pottedPlant,
  tree,
  cactus,
  hedge,
  wall,
  room,
  column,
  stairs,
  platform,
  door,
  windowF,
  archway,
  schoolDesk,
  board,
  lectern,
  locker,
  globe,
  bench,
  barrier,
  easel,
  sculpture,
  frame,
  postSign,
  rollup,
  aBoard,
  wallSign,
  shapes,
  car,
  bus,
  truck,
  bicycle,
  boat,
  barrel,
  crate,
  vase,
  books,
  ball,
  bin,
  trafficCone,
  cartons,
  mug,
  clock,
  screen,
];
