using System.Reflection.Metadata;

namespace PoolDoctor.Collect.CallGraphs;

/// <summary>Names of metadata entities in the call graph's spelling: namespace, then nested types joined by dots,
/// generic arity stripped (<c>Shop.Outer.Nested</c>); methods by their metadata name.</summary>
internal static class MetadataNames
{
    public static string OfType(MetadataReader reader, TypeDefinitionHandle handle)
    {
        var type = reader.GetTypeDefinition(handle);
        var name = StripArity(reader.GetString(type.Name));
        var declaring = type.GetDeclaringType();
        if (!declaring.IsNil)
        {
            return OfType(reader, declaring) + "." + name;
        }
        return Qualify(reader.GetString(type.Namespace), name);
    }

    /// <summary>The namespace of a type's outermost declaring type.</summary>
    public static string NamespaceOf(MetadataReader reader, TypeDefinitionHandle handle)
    {
        var type = reader.GetTypeDefinition(handle);
        var declaring = type.GetDeclaringType();
        return declaring.IsNil ? reader.GetString(type.Namespace) : NamespaceOf(reader, declaring);
    }

    public static string OfType(MetadataReader reader, TypeReferenceHandle handle)
    {
        var type = reader.GetTypeReference(handle);
        var name = StripArity(reader.GetString(type.Name));
        if (type.ResolutionScope.Kind == HandleKind.TypeReference)
        {
            return OfType(reader, (TypeReferenceHandle)type.ResolutionScope) + "." + name;
        }
        return Qualify(reader.GetString(type.Namespace), name);
    }

    /// <summary>A type named by a TypeDef, TypeRef or TypeSpec handle; null for anything else (or a nil handle).</summary>
    public static string? OfType(MetadataReader reader, EntityHandle handle) => handle.IsNil ? null : handle.Kind switch
    {
        HandleKind.TypeDefinition => OfType(reader, (TypeDefinitionHandle)handle),
        HandleKind.TypeReference => OfType(reader, (TypeReferenceHandle)handle),
        HandleKind.TypeSpecification => reader.GetTypeSpecification((TypeSpecificationHandle)handle)
            .DecodeSignature(TypeNameProvider.Instance, null),
        _ => null,
    };

    /// <summary>The declaring type and name of the method a call token names; null when the token names no method.</summary>
    public static (string Type, string Method)? OfMethod(MetadataReader reader, EntityHandle handle)
    {
        switch (handle.Kind)
        {
            case HandleKind.MethodDefinition:
                var definition = reader.GetMethodDefinition((MethodDefinitionHandle)handle);
                return (OfType(reader, definition.GetDeclaringType()), reader.GetString(definition.Name));
            case HandleKind.MemberReference:
                var member = reader.GetMemberReference((MemberReferenceHandle)handle);
                var parent = member.Parent.Kind switch
                {
                    HandleKind.MethodDefinition => OfMethod(reader, member.Parent)?.Type,
                    HandleKind.ModuleReference => "<Module>",
                    _ => OfType(reader, member.Parent),
                };
                return parent is null ? null : (parent, reader.GetString(member.Name));
            case HandleKind.MethodSpecification:
                return OfMethod(reader, reader.GetMethodSpecification((MethodSpecificationHandle)handle).Method);
            default:
                return null;
        }
    }

    /// <summary>Whether the method a call token names returns <c>Task</c>, <c>ValueTask</c> or an instantiation of
    /// either, by the signature the calling module holds (a member reference's own, for another assembly's method).</summary>
    public static bool ReturnsAwaitable(MetadataReader reader, EntityHandle handle)
    {
        var returnType = handle.Kind switch
        {
            HandleKind.MethodDefinition => reader.GetMethodDefinition((MethodDefinitionHandle)handle).DecodeSignature(TypeNameProvider.Instance, null).ReturnType,
            HandleKind.MemberReference when reader.GetMemberReference((MemberReferenceHandle)handle) is var member && member.GetKind() == MemberReferenceKind.Method
                => member.DecodeMethodSignature(TypeNameProvider.Instance, null).ReturnType,
            HandleKind.MethodSpecification => ReturnsAwaitable(reader, reader.GetMethodSpecification((MethodSpecificationHandle)handle).Method) ? AwaitableTask : null,
            _ => null,
        };
        return returnType is AwaitableTask or "System.Threading.Tasks.ValueTask";
    }

    private const string AwaitableTask = "System.Threading.Tasks.Task";

    /// <summary>A serialized type name as custom attributes store it (<c>Shop.Outer+&lt;Load&gt;d__2, Shop</c>)
    /// in the call graph's spelling (<c>Shop.Outer.&lt;Load&gt;d__2</c>).</summary>
    public static string FromSerialized(string serialized)
    {
        var comma = serialized.IndexOf(',', StringComparison.Ordinal);
        var bracket = serialized.IndexOf('[', StringComparison.Ordinal);
        var end = new[] { comma, bracket, serialized.Length }.Where(i => i >= 0).Min();
        var parts = serialized[..end].Trim().Split('+').Select(StripArity);
        return string.Join('.', parts);
    }

    /// <summary>
    /// The name of the assembly that defines the method a call token names, as the calling module's references say
    /// it; null for a method of the calling module itself or a target the references do not place.
    /// </summary>
    public static string? AssemblyOfMethod(MetadataReader reader, EntityHandle handle) => handle.Kind switch
    {
        HandleKind.MemberReference => reader.GetMemberReference((MemberReferenceHandle)handle).Parent is var parent
            && parent.Kind is HandleKind.TypeReference or HandleKind.TypeSpecification ? AssemblyOfType(reader, parent) : null,
        HandleKind.MethodSpecification => AssemblyOfMethod(reader, reader.GetMethodSpecification((MethodSpecificationHandle)handle).Method),
        _ => null,
    };

    private static string? AssemblyOfType(MetadataReader reader, EntityHandle handle)
    {
        switch (handle.Kind)
        {
            case HandleKind.TypeReference:
                var scope = reader.GetTypeReference((TypeReferenceHandle)handle).ResolutionScope;
                return scope.Kind switch
                {
                    HandleKind.AssemblyReference => reader.GetString(reader.GetAssemblyReference((AssemblyReferenceHandle)scope).Name),
                    HandleKind.TypeReference => AssemblyOfType(reader, scope),
                    _ => null,
                };
            case HandleKind.TypeSpecification:
                // A generic instantiation (Repo<int>) is defined where its generic type is.
                var blob = reader.GetBlobReader(reader.GetTypeSpecification((TypeSpecificationHandle)handle).Signature);
                if (blob.ReadSignatureTypeCode() != SignatureTypeCode.GenericTypeInstance)
                {
                    return null;
                }
                blob.ReadSignatureTypeCode(); // class or value type
                var generic = blob.ReadTypeHandle();
                return generic.Kind == HandleKind.TypeReference ? AssemblyOfType(reader, generic) : null;
            default:
                return null;
        }
    }

    private static string Qualify(string ns, string name) => ns.Length == 0 ? name : ns + "." + name;

    private static string StripArity(string name)
    {
        var tick = name.IndexOf('`', StringComparison.Ordinal);
        return tick < 0 ? name : name[..tick];
    }
}
