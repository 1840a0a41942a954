import { displayTime } from '../domain/dates';
import './slotButtons.css';

export interface SlotChoice {
  start_time: string;
  end_time: string;
}

export interface SlotButtonsProps {
  slots: readonly SlotChoice[];
  /** The start of the chosen slot. */
  chosen: string | null;
  /** The id of the heading that names the group. */
  labelledBy: string;
  onSelect: (startTime: string) => void;
  /** Starts that cannot be chosen now; every slot can when left out. */
  isBookable?: (startTime: string) => boolean;
  /** The chosen slot is being worked on (its facilities, its price). */
  busy?: boolean;
}

/** A grid of time slots, one toggle button each, the chosen one pressed (the booking modal's and the reschedule's). */
export function SlotButtons({ slots, chosen, labelledBy, onSelect, isBookable = () => true, busy = false }: SlotButtonsProps) {
  return (
    <div className="slot-grid" role="group" aria-labelledby={labelledBy}>
      {slots.map((slot) => {
        const selected = slot.start_time === chosen;
        return (
          <button
            key={slot.start_time}
            type="button"
            className="slot-button"
            aria-pressed={selected}
            aria-busy={(selected && busy) || undefined}
            disabled={!isBookable(slot.start_time)}
            onClick={() => onSelect(slot.start_time)}
          >
            <bdi dir="ltr">
              {displayTime(slot.start_time)} – {displayTime(slot.end_time)}
            </bdi>
          </button>
        );
      })}
    </div>
  );
}
