import { useState } from 'react';
import { postResource } from '../api/create-resource';
import { resourceId, type ResourceBodies, type ResourceType } from '../api/resource-types';
import { putResource } from '../api/update-resource';

/**
 * Create-then-update of one form: after a create the form keeps the new id, so a retry
 * (e.g. when the image upload that follows failed) updates instead of creating twice.
 */
export function useResourceSave<T extends ResourceType>(tipo: T, initialId: number | null) {
  const [id, setId] = useState<number | null>(initialId);
  const save = async (body: ResourceBodies[T], activo: boolean): Promise<{ id: number | null; resp?: string }> => {
    if (id === null) {
      const answer = await postResource(tipo, body);
      const created = resourceId(tipo, answer);
      if (created !== null) setId(created);
      return { id: created, resp: answer?.resp };
    }
    const answer = await putResource(tipo, id, { ...body, activo: activo ? 1 : 0 });
    return { id, resp: answer?.resp };
  };
  return { id, save };
}
