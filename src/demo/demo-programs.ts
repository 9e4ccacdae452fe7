/**
 * What each kind of demo booking holds, as a venue would sell it (SPEC §11): a wedding is a
 * ceremony on the lawn, drinks and a dinner in the ballroom; a conference two days of plenaries in
 * the Grand Ballroom with breakouts in its salons and smaller rooms at other times (its events
 * never need one room at once, setup and teardown included); a gala drinks then dinner. Times are
 * the venue's wall-clock times, so a wedding dinner is at 18:00 on either side of a
 * daylight-saving change; setup and teardown are held around each event.
 */
import type { SetupStyle } from '../crm/events/event.table.js';
import type { DemoSpaceName } from './demo-spaces.js';

export type DemoKind =
  | 'wedding'
  | 'intimate_wedding'
  | 'conference'
  | 'gala'
  | 'retreat'
  | 'birthday'
  | 'launch'
  | 'holiday_party'
  | 'workshop'
  | 'board_meeting';

/** One event of a program, on the program's first day or a later one. */
export interface Slot {
  name: string;
  spaces: readonly DemoSpaceName[];
  style: SetupStyle;
  /** Days after the program's first day. */
  day?: number;
  /** Local start, HH:MM. */
  at: string;
  minutes: number;
  setup: number;
  teardown: number;
  /** The share of the booking's guests it is for (1 unless a breakout). */
  share?: number;
}

export interface Program {
  eventType: string;
  /** What the booking is called after its account's name. */
  label: string;
  /** Booked by people for themselves (a person account) rather than a company. */
  personal: boolean;
  guests: readonly [number, number];
  /** A typical total in minor units. */
  amount: number;
  slots: readonly Slot[];
}

/** A slot: its name, room, style, local start, minutes, then setup and teardown minutes. */
function slot(
  name: string,
  space: DemoSpaceName,
  style: SetupStyle,
  at: string,
  minutes: number,
  [setup, teardown]: readonly [number, number],
  more: { day?: number; share?: number } = {},
): Slot {
  return { name, spaces: [space], style, at, minutes, setup, teardown, ...more };
}

const breakout = (
  topic: string,
  space: DemoSpaceName,
  style: SetupStyle,
  day: number,
  at: string,
  share: number,
  setup = 15,
) => slot(`Breakout: ${topic}`, space, style, at, 90, [setup, 15], { day, share });

export const PROGRAMS: Readonly<Record<DemoKind, Program>> = {
  wedding: {
    eventType: 'Wedding',
    label: 'Wedding',
    personal: true,
    guests: [140, 200],
    amount: 4_800_000,
    slots: [
      slot('Ceremony', 'Harbor Lawn', 'theatre', '15:00', 45, [90, 30]),
      slot('Drinks reception', 'Garden Pavilion', 'reception', '16:00', 90, [60, 30]),
      slot('Dinner', 'Grand Ballroom', 'banquet', '18:00', 330, [240, 90]),
    ],
  },
  intimate_wedding: {
    eventType: 'Wedding',
    label: 'Wedding',
    personal: true,
    guests: [50, 100],
    amount: 2_400_000,
    slots: [
      slot('Ceremony', 'Harbor Lawn', 'theatre', '13:30', 45, [60, 15]),
      slot('Drinks on the lawn', 'Harbor Lawn', 'reception', '14:30', 75, [0, 30]),
      slot('Dinner', 'Harbor Room', 'banquet', '17:00', 300, [120, 60]),
    ],
  },
  conference: {
    eventType: 'Conference',
    label: 'Annual conference',
    personal: false,
    guests: [180, 300],
    amount: 6_200_000,
    slots: [
      slot('Opening plenary', 'Grand Ballroom', 'theatre', '09:00', 90, [120, 30]),
      breakout('Product roadmap', 'Salon A', 'classroom', 0, '11:00', 0.3, 0),
      breakout('Customer stories', 'Salon B', 'classroom', 0, '11:00', 0.3, 0),
      breakout('Leadership round table', 'Library', 'boardroom', 0, '11:00', 0.08, 0),
      slot('Lunch', 'Harbor Lawn', 'reception', '12:45', 60, [30, 30]),
      breakout('Hands-on lab', 'Salon A', 'classroom', 0, '14:00', 0.3),
      breakout('Design clinic', 'Loft', 'u_shape', 0, '14:00', 0.08),
      slot('Closing plenary', 'Grand Ballroom', 'theatre', '16:00', 60, [15, 30]),
      slot('Day 2 plenary', 'Grand Ballroom', 'theatre', '09:00', 75, [30, 15], { day: 1 }),
      breakout('Partner showcase', 'Salon A', 'classroom', 1, '10:45', 0.3),
      breakout('Security deep dive', 'Salon B', 'classroom', 1, '10:45', 0.25),
      breakout('Careers and hiring', 'Harbor Room', 'classroom', 1, '10:45', 0.18),
      slot('Lunch', 'Harbor Lawn', 'reception', '12:30', 60, [30, 30], { day: 1 }),
      slot('Closing keynote', 'Grand Ballroom', 'theatre', '14:00', 90, [30, 120], { day: 1 }),
    ],
  },
  gala: {
    eventType: 'Gala',
    label: 'Fundraising gala',
    personal: false,
    guests: [140, 200],
    amount: 5_500_000,
    slots: [
      slot('Drinks reception', 'Garden Pavilion', 'reception', '18:00', 60, [60, 30]),
      slot('Dinner and auction', 'Grand Ballroom', 'banquet', '19:00', 240, [240, 120]),
    ],
  },
  retreat: {
    eventType: 'Corporate retreat',
    label: 'Leadership retreat',
    personal: false,
    guests: [12, 24],
    amount: 1_200_000,
    slots: [
      slot('Strategy session', 'Library', 'boardroom', '09:00', 180, [30, 15]),
      slot('Workshop', 'Loft', 'u_shape', '13:00', 210, [30, 30]),
      slot('Team dinner', 'Harbor Room', 'banquet', '18:30', 180, [60, 30]),
    ],
  },
  birthday: {
    eventType: 'Birthday',
    label: 'Milestone birthday',
    personal: true,
    guests: [40, 100],
    amount: 650_000,
    slots: [slot('Party', 'Loft', 'reception', '19:00', 240, [90, 60])],
  },
  launch: {
    eventType: 'Product launch',
    label: 'Product launch',
    personal: false,
    guests: [80, 150],
    amount: 2_100_000,
    slots: [
      slot('Presentation', 'Salon A', 'theatre', '17:00', 75, [120, 15]),
      slot('Reception', 'Rooftop Terrace', 'reception', '18:30', 150, [60, 45]),
    ],
  },
  holiday_party: {
    eventType: 'Holiday party',
    label: 'Holiday party',
    personal: false,
    guests: [90, 200],
    amount: 1_900_000,
    slots: [slot('Party', 'Garden Pavilion', 'reception', '19:00', 270, [120, 60])],
  },
  workshop: {
    eventType: 'Workshop',
    label: 'Design workshop',
    personal: false,
    guests: [10, 24],
    amount: 300_000,
    slots: [slot('Workshop', 'Library', 'classroom', '09:30', 420, [30, 30])],
  },
  board_meeting: {
    eventType: 'Board meeting',
    label: 'Board meeting',
    personal: false,
    guests: [8, 16],
    amount: 250_000,
    slots: [slot('Board meeting', 'Library', 'boardroom', '08:30', 180, [30, 15])],
  },
};

/** A program with its events in another room (a workshop in the Loft rather than the Library). */
export function inRoom(program: Program, space: DemoSpaceName | undefined): Program {
  if (!space) return program;
  return { ...program, slots: program.slots.map((slot) => ({ ...slot, spaces: [space] })) };
}
