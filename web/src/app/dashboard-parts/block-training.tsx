import { BlockTraining } from '@/features/plans/components/my-plan/training-panels';

/** The dashboard's training by blocks. */
export default BlockTraining;
