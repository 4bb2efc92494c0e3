import { section26_1 } from './s26-1.js';
import { section26_2 } from './s26-2.js';
import { section26_2_3d } from './s26-2-3d.js';
import { section26_2_3dJoints } from './s26-2-3d-joints.js';
import { section26_2Joints } from './s26-2-joints.js';
import { section26_3 } from './s26-3.js';
import { section26_4 } from './s26-4.js';
import { section26_4Flip } from './s26-4-flip.js';
import { section26_4Particles } from './s26-4-particles.js';
import { section26_5 } from './s26-5.js';
import type { WorkbookSection } from './types.js';

export * from './types.js';

/** The workbook sections that have content, in chapter order. */
export const workbookSections: readonly WorkbookSection[] = [
  section26_1,
  section26_2,
  section26_2Joints,
  section26_2_3d,
  section26_2_3dJoints,
  section26_3,
  section26_4,
  section26_4Particles,
  section26_4Flip,
  section26_5,
];

/** The section with this id ('26.1', '26.2', …), or undefined. */
export function findSection(id: string): WorkbookSection | undefined {
  return workbookSections.find((s) => s.id === id);
}
