using Microsoft.Diagnostics.Runtime;

namespace PoolDoctor.Collect.Dumps.Heap;

/// <summary>ClrMD's object or struct as an <see cref="IHeapValue"/>; a field it cannot read reads as absent.</summary>
internal sealed class ClrHeapValue : IHeapValue
{
    private readonly ClrObject _object;
    private readonly ClrValueType? _struct;

    private ClrHeapValue(ClrObject obj, ClrValueType? value)
    {
        _object = obj;
        _struct = value;
    }

    public static ClrHeapValue? Of(ClrObject obj) => obj.IsNull || !obj.IsValid || obj.Type is null ? null : new ClrHeapValue(obj, null);

    private ClrType? Type => _struct is { } s ? s.Type : _object.Type;

    public string TypeName => Type?.Name ?? "?";

    public bool IsOrDerives(string typeName)
    {
        for (var t = Type; t is not null; t = t.BaseType)
        {
            if (t.Name == typeName)
            {
                return true;
            }
        }
        return false;
    }

    public string? String(string field)
    {
        try
        {
            if (_struct is { } s)
            {
                var text = s.Type?.GetFieldByName(field) is { IsObjectReference: true } ? s.ReadObjectField(field) : default;
                return text.IsNull || text.Type?.ElementType != ClrElementType.String ? null : (string?)text;
            }
            return _object.TryReadStringField(field, maxLength: 2048, out var value) ? value : null;
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            return null;
        }
    }

    public IHeapValue? Object(string field)
    {
        try
        {
            if (Type?.GetFieldByName(field) is not { IsObjectReference: true })
            {
                return null;
            }
            return Of(_struct is { } s ? s.ReadObjectField(field) : _object.ReadObjectField(field));
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            return null;
        }
    }

    public IHeapValue? Struct(string field)
    {
        try
        {
            if (Type?.GetFieldByName(field) is not { IsValueType: true })
            {
                return null;
            }
            var value = _struct is { } s ? s.ReadValueTypeField(field) : _object.ReadValueTypeField(field);
            return value.IsValid && value.Type is not null ? new ClrHeapValue(default, value) : null;
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            return null;
        }
    }

    public IEnumerable<IHeapValue> ObjectFields()
    {
        if (Type is not { } type)
        {
            yield break;
        }
        foreach (var field in type.Fields)
        {
            if (field.IsObjectReference && field.Name is { } name && Object(name) is { } value)
            {
                yield return value;
            }
        }
    }
}
