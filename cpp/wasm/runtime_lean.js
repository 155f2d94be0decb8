// Embind's JS runtime, the parts this interface reaches, and the heap's
// growth, written small. Linked after Emscripten's libraries (cmake/wasm.cmake),
// whose definitions of the same names it replaces; anything not named here
// stays Emscripten's own. What goes: the named error classes (a misuse throws a
// plain Error), overload tables and placeholders for functions whose types
// are not yet registered (each name is registered once; a function appears
// when its types are), type names read back from the wasm (and the export
// that gave them), and the probing for a global object (globalThis is
// everywhere the module runs). About 1.2 KB less gzipped on each file that
// carries a module.
mergeInto(LibraryManager.library, {
  $throwBindingError: function(message) { throw new Error(message); },
  $throwBindingError__deps: [],
  $throwInternalError: function(message) { throw new Error(message); },
  $throwInternalError__deps: [],

  $readLatin1String: function(ptr) {
    for (var text = ''; HEAPU8[ptr];) text += String.fromCharCode(HEAPU8[ptr++]);
    return text;
  },
  $readLatin1String__deps: [],

  $requireRegisteredType: function(rawType, humanName) {
    var type = registeredTypes[rawType];
    if (!type) throw new Error(humanName + ': unregistered type');
    return type;
  },
  $requireRegisteredType__deps: ['$registeredTypes'],

  // A type, and every function whose types it completes.
  $registerType: function(rawType, type) {
    if (registeredTypes[rawType]) return;  // a memory view registered twice
    registeredTypes[rawType] = type;
    var waiting = awaitingDependencies[rawType] || [];
    delete awaitingDependencies[rawType];
    waiting.forEach(function(done) { done(); });
  },
  $registerType__deps: ['$registeredTypes', '$awaitingDependencies'],

  // Only functions depend on types here (no classes): `then` receives the
  // types once all are registered.
  $whenDependentTypesAreResolved: function(myTypes, dependentTypes, then) {
    var missing = dependentTypes.filter(function(t) { return !registeredTypes[t]; });
    var resolve = function() {
      if (dependentTypes.every(function(t) { return registeredTypes[t]; })) {
        then(dependentTypes.map(function(t) { return registeredTypes[t]; }));
      }
    };
    if (!missing.length) return resolve();
    (awaitingDependencies[missing[0]] = awaitingDependencies[missing[0]] || []).push(function() {
      whenDependentTypesAreResolved(myTypes, dependentTypes, then);
    });
  },
  $whenDependentTypesAreResolved__deps: ['$registeredTypes', '$awaitingDependencies'],

  $Emval: {
    toValue: function(handle) { return emval_handle_array[handle].value; },
    toHandle: function(value) {
      switch (value) {
        case undefined: return 1;
        case null: return 2;
        case true: return 3;
        case false: return 4;
        default:
          var handle = emval_free_list.length ? emval_free_list.pop() : emval_handle_array.length;
          emval_handle_array[handle] = {refcount: 1, value: value};
          return handle;
      }
    }
  },
  $Emval__deps: ['$emval_handle_array', '$emval_free_list'],

  _embind_register_bool: function(rawType, name, size, trueValue, falseValue) {
    registerType(rawType, {
      'fromWireType': function(wt) { return !!wt; },
      'toWireType': function(destructors, o) { return o ? trueValue : falseValue; },
      'argPackAdvance': 8,
      'readValueFromPointer': function(pointer) { return !!HEAPU8[pointer]; },
      destructorFunction: null,
    });
  },
  _embind_register_bool__deps: ['$registerType'],

  _embind_register_float: function(rawType, name, size) {
    registerType(rawType, {
      'fromWireType': function(value) { return value; },
      'toWireType': function(destructors, value) { return value; },
      'argPackAdvance': 8,
      'readValueFromPointer': function(pointer) { return HEAPF64[pointer >> 3]; },  // double only (wire_types.cpp)
      destructorFunction: null,
    });
  },
  _embind_register_float__deps: ['$registerType'],

  _embind_register_void: function(rawType, name) {
    registerType(rawType, {
      isVoid: true,
      'argPackAdvance': 0,
      'fromWireType': function() {},
      'toWireType': function() {},
    });
  },
  _embind_register_void__deps: ['$registerType'],

  _embind_register_emval: function(rawType, name) {
    registerType(rawType, {
      'fromWireType': function(handle) {
        var value = Emval.toValue(handle);
        __emval_decref(handle);
        return value;
      },
      'toWireType': function(destructors, value) { return Emval.toHandle(value); },
      'argPackAdvance': 8,
      'readValueFromPointer': function(pointer) { return this['fromWireType'](HEAPU32[pointer >> 2]); },
      destructorFunction: null,
    });
  },
  _embind_register_emval__deps: ['_emval_decref', '$Emval', '$registerType'],

  _embind_register_memory_view: function(rawType, dataTypeIndex, name) {
    var TA = [Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array,
      BigInt64Array, BigUint64Array][dataTypeIndex];
    var decode = function(handle) { return new TA(buffer, HEAPU32[(handle >> 2) + 1], HEAPU32[handle >> 2]); };
    registerType(rawType, {'fromWireType': decode, 'argPackAdvance': 8, 'readValueFromPointer': decode});
  },
  _embind_register_memory_view__deps: ['$registerType'],

  // A free function: its JS arguments to wire values, the call, the result
  // from its wire value. No type wire_types.cpp registers has a destructor
  // function (no string crosses as one), so only the stack of destructors runs.
  $craftInvokerFunction: function(humanName, argTypes, classType, cppInvokerFunc, cppTargetFunc) {
    var count = argTypes.length - 2;
    return function() {
      if (arguments.length !== count) throw new Error(humanName + ' takes ' + count + ' arguments');
      var destructors = [];
      var wired = [cppTargetFunc];
      for (var i = 0; i < count; ++i) wired.push(argTypes[i + 2]['toWireType'](destructors, arguments[i]));
      var rv = cppInvokerFunc.apply(null, wired);
      runDestructors(destructors);
      return argTypes[0].isVoid ? undefined : argTypes[0]['fromWireType'](rv);
    };
  },
  $craftInvokerFunction__deps: ['$runDestructors'],

  _embind_register_function: function(name, argCount, rawArgTypesAddr, signature, rawInvoker, fn) {
    var argTypes = heap32VectorToArray(argCount, rawArgTypesAddr);
    name = readLatin1String(name);
    rawInvoker = getWasmTableEntry(rawInvoker);
    whenDependentTypesAreResolved([], argTypes, function(types) {
      var f = Module[name] = craftInvokerFunction(name, [types[0], null].concat(types.slice(1)), null, rawInvoker, fn);
      f.argCount = argCount - 1;  // as Embind marks what it registers
    });
  },
  _embind_register_function__deps: ['$craftInvokerFunction', '$heap32VectorToArray', '$readLatin1String',
    '$whenDependentTypesAreResolved', '$getWasmTableEntry'],

  $emval_get_global: function() { return globalThis; },
  $emval_get_global__deps: [],

  // One caller per signature, keyed by the types' ids.
  _emval_get_method_caller: function(argCount, argTypes) {
    var types = __emval_lookupTypes(argCount, argTypes);
    var key = HEAP32.subarray(argTypes >> 2, (argTypes >> 2) + argCount).join();
    var id = emval_registeredMethods[key];
    if (id !== undefined) return id;
    var args = new Array(argCount - 1);
    id = __emval_addMethodCaller(function(handle, name, destructors, argv) {
      for (var i = 0; i < argCount - 1; ++i) {
        args[i] = types[i + 1]['readValueFromPointer'](argv);
        argv += types[i + 1]['argPackAdvance'];
      }
      var rv = handle[name].apply(handle, args);
      if (!types[0].isVoid) return types[0]['toWireType'](destructors, rv);
    });
    emval_registeredMethods[key] = id;
    return id;
  },
  _emval_get_method_caller__deps: ['_emval_addMethodCaller', '_emval_lookupTypes', '$emval_registeredMethods'],

  _emval_new: function(handle, argCount, argTypes, argv) {
    var types = __emval_lookupTypes(argCount, argTypes);
    var args = types.map(function(type) {
      var value = type['readValueFromPointer'](argv);
      argv += type['argPackAdvance'];
      return value;
    });
    var Constructor = Emval.toValue(handle);
    return Emval.toHandle(new Constructor(...args));
  },
  _emval_new__deps: ['_emval_lookupTypes', '$Emval'],

  // As Emscripten's: 20% above the current size (at most 96 MiB more) or
  // what is asked, whichever is larger; else exactly what is asked.
  emscripten_resize_heap: function(requestedSize) {
    requestedSize >>>= 0;
    var old = HEAPU8.length;
    var sizes = [Math.min(2147483648, Math.max(requestedSize, Math.min(old * 1.2, requestedSize + 100663296))), requestedSize];
    for (var i = 0; i < 2; ++i) {
      try {
        wasmMemory.grow((sizes[i] - old + 65535) >>> 16);
        updateGlobalBufferAndViews(wasmMemory.buffer);
        return true;
      } catch (e) {}
    }
    return false;
  },
  emscripten_resize_heap__deps: [],
});
