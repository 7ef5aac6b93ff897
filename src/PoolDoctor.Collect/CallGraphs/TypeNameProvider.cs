using System.Collections.Immutable;
using System.Reflection.Metadata;

namespace PoolDoctor.Collect.CallGraphs;

/// <summary>
/// Decodes type signatures to names in the call graph's spelling. A generic instantiation reads as its generic
/// type (<c>Task`1&lt;int&gt;</c> is <c>System.Threading.Tasks.Task</c>): a call target is matched by type and
/// method name, never by instantiation.
/// </summary>
internal sealed class TypeNameProvider : ISignatureTypeProvider<string, object?>
{
    public static TypeNameProvider Instance { get; } = new();

    public string GetPrimitiveType(PrimitiveTypeCode typeCode) => "System." + typeCode;

    public string GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) =>
        MetadataNames.OfType(reader, handle);

    public string GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) =>
        MetadataNames.OfType(reader, handle);

    public string GetTypeFromSpecification(MetadataReader reader, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
        reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

    public string GetGenericInstantiation(string genericType, ImmutableArray<string> typeArguments) => genericType;

    public string GetSZArrayType(string elementType) => elementType + "[]";

    public string GetArrayType(string elementType, ArrayShape shape) => elementType + "[" + new string(',', Math.Max(0, shape.Rank - 1)) + "]";

    public string GetByReferenceType(string elementType) => elementType + "&";

    public string GetPointerType(string elementType) => elementType + "*";

    public string GetPinnedType(string elementType) => elementType;

    public string GetModifiedType(string modifier, string unmodifiedType, bool isRequired) => unmodifiedType;

    public string GetGenericTypeParameter(object? genericContext, int index) => "!" + index;

    public string GetGenericMethodParameter(object? genericContext, int index) => "!!" + index;

    public string GetFunctionPointerType(MethodSignature<string> signature) => "method*";
}
