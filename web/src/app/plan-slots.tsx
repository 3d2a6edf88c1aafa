import type { ReactNode } from 'react';
// The slots' own modules rather than the plans index: the dashboard's pending training comes
// with them, and the index would bring every screen of the plans feature along (77 KB).
import { PlanExamContext, type PlanExamRenderer } from '@/features/plans/components/my-plan/exam-slot';
import { PlanScormContext, type PlanScormRenderer } from '@/features/plans/components/my-plan/scorm-slot';
import { LazyExamModal } from './routes/exam-slots';
import { LazyPlayerModal } from './routes/scorm-slots';

const renderExam: PlanExamRenderer = ({ nombre, onClose, onFinished, ...target }) => (
  <LazyExamModal target={target} title={nombre} onClose={onClose} onFinished={onFinished} />
);

const renderScorm: PlanScormRenderer = ({ cve_empleado, nombre_empleado, cve_tema, nombre, onClose, onFinished }) => (
  <LazyPlayerModal cveEmpleado={cve_empleado} nombreEmpleado={nombre_empleado} cveTema={cve_tema} titulo={nombre} onClose={onClose} onFinished={onFinished} />
);

/**
 * The exams and SCORM features behind the plan's course buttons ('Examen', 'Curso'), for
 * wherever one's own plan shows them: Mi plan and the dashboard's pending training.
 */
export function PlanSlots({ children }: { children: ReactNode }) {
  return (
    <PlanExamContext value={renderExam}>
      <PlanScormContext value={renderScorm}>{children}</PlanScormContext>
    </PlanExamContext>
  );
}
