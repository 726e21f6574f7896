// A day typed as forms show it, dd/MM/yyyy (back-office.md section 9), whatever the browser's
// language: a native <input type="date"> draws its own format from the browser's locale
// (mm/dd/yyyy in an American browser, whatever the console's language and the page's lang), so the
// consoles' date inputs are text in the one form format of models/rules/dates.ts, with a button
// that opens the browser's calendar to pick one (decision 320). The value given and returned is an
// ISO day (YYYY-MM-DD), as filters and records carry it. The react-admin input of forms is DayInput.tsx
// (react-hook-form): a filter bar draws this one without loading forms (issue 26).
import { useEffect, useRef, useState } from 'react';
import { Box, IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import CalendarIcon from '@mui/icons-material/CalendarMonth';
import { useTranslate } from 'react-admin';
import { formDate, parseFormDate, viewerDay } from '../../../models/rules/dates.js';

type DayFieldProps = {
  value: unknown;
  /** The ISO day typed or picked; null when emptied. Not called while the text is not a date yet. */
  onChange: (day: string | null) => void;
  onBlur?: () => void;
  label?: React.ReactNode;
  /** A message shown under the field (a form's validation), in place of the format check's. */
  error?: React.ReactNode;
  testId?: string;
} & Pick<TextFieldProps, 'size' | 'sx' | 'required' | 'fullWidth' | 'name' | 'margin' | 'variant' | 'className'>;

/** The controlled field, for hand-written filter bars and forms. */
export function DayField({ value, onChange, onBlur, label, error, testId, ...rest }: DayFieldProps) {
  const translate = useTranslate();
  const day = viewerDay(value);
  const [text, setText] = useState(day ? formDate(day) : '');
  const picker = useRef<HTMLInputElement>(null);
  // A value changed from outside (a filter removed by its chip, a form reset) replaces the text,
  // unless the text already says that day.
  useEffect(() => {
    setText((current) => (parseFormDate(current) === day || (!day && current.trim() && !parseFormDate(current)) ? current : day ? formDate(day) : ''));
  }, [day]);
  const typed = text.trim();
  const invalid = typed !== '' && !parseFormDate(typed);
  const shown = error ?? (invalid ? translate('console.date.invalid') : undefined);
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex' }}>
      <TextField
        {...rest}
        label={label}
        value={text}
        error={!!shown}
        helperText={shown}
        placeholder={translate('console.date.placeholder')}
        onChange={(e) => {
          setText(e.target.value);
          const next = e.target.value.trim();
          if (next === '') onChange(null);
          else {
            const parsed = parseFormDate(next);
            if (parsed) onChange(parsed);
          }
        }}
        onBlur={onBlur}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-testid': testId, 'aria-invalid': !!shown },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={translate('console.date.pick')}
                  title={translate('console.date.pick')}
                  onClick={() => {
                    const input = picker.current;
                    if (!input) return;
                    try {
                      input.showPicker();
                    } catch {
                      input.focus();
                    }
                  }}
                >
                  <CalendarIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {/* The browser's calendar, drawn under the button: only its picker is used, never its text. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={day ?? ''}
        onChange={(e) => {
          const picked = viewerDay(e.target.value);
          setText(picked ? formDate(picked) : '');
          onChange(picked);
        }}
        style={{ position: 'absolute', right: 8, top: 8, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
      />
    </Box>
  );
}
