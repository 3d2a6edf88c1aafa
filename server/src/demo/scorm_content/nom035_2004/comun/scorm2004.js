/* Shared by both SCOs: finds the SCORM 2004 API and wraps its calls. */
(function () {
  "use strict";

  function buscarEn(ventana) {
    var intentos = 0;
    while (ventana && intentos < 10) {
      try {
        if (ventana.API_1484_11) {
          return ventana.API_1484_11;
        }
      } catch (e) {
        return null;
      }
      if (!ventana.parent || ventana.parent === ventana) {
        return null;
      }
      ventana = ventana.parent;
      intentos += 1;
    }
    return null;
  }

  var api = buscarEn(window) || (window.opener ? buscarEn(window.opener) : null);
  var iniciado = false;
  var terminado = false;
  var inicioSesion = new Date();

  /* ISO 8601 duration, e.g. PT1H5M30S */
  function duracion(ms) {
    var segundos = Math.max(0, Math.floor(ms / 1000));
    var h = Math.floor(segundos / 3600);
    var m = Math.floor((segundos % 3600) / 60);
    var s = segundos % 60;
    return "PT" + (h ? h + "H" : "") + (m ? m + "M" : "") + s + "S";
  }

  window.Scorm2004 = {
    iniciar: function () {
      if (api && String(api.Initialize("")) === "true") {
        iniciado = true;
      }
      return iniciado;
    },
    activo: function () {
      return iniciado && !terminado;
    },
    leer: function (elemento) {
      if (!iniciado) {
        return "";
      }
      var valor = api.GetValue(elemento);
      return valor === null || valor === undefined ? "" : String(valor);
    },
    escribir: function (elemento, valor) {
      if (iniciado && !terminado) {
        api.SetValue(elemento, String(valor));
      }
    },
    confirmar: function () {
      if (iniciado && !terminado) {
        api.Commit("");
      }
    },
    terminar: function (salida) {
      if (!iniciado || terminado) {
        return;
      }
      api.SetValue("cmi.exit", salida);
      api.SetValue("cmi.session_time", duracion(new Date() - inicioSesion));
      api.Commit("");
      api.Terminate("");
      terminado = true;
    }
  };
})();
