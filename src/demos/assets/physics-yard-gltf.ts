/**
 * A small glTF 2.0 file with `KHR_physics_rigid_bodies` and `KHR_implicit_shapes`, written as an
 * exporter writes it (node transforms, document-level shapes, physics materials, collision filters,
 * per-node motion, colliders and a trigger), kept as text so the demos load it in the browser and
 * in the command line alike. It needs no buffers: every collider is an implicit shape.
 *
 * The yard: a floor, a tilted ramp, a tower of six crates (one material), three bouncy balls
 * (another, restitution 0.8) rolling down the ramp into the tower, a kinematic paddle turning at
 * 1 rad/s, a compound dumbbell (two spheres and a capsule on one body), and two ghost balls whose
 * collision filter lets them pass through the crates but not the floor.
 */
export const PHYSICS_YARD_GLTF = `{
  "asset": { "version": "2.0", "generator": "rikigaku demo (hand-written)" },
  "extensionsUsed": ["KHR_implicit_shapes", "KHR_physics_rigid_bodies"],
  "extensionsRequired": ["KHR_implicit_shapes", "KHR_physics_rigid_bodies"],
  "scene": 0,
  "scenes": [{ "name": "Physics yard", "nodes": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16] }],
  "nodes": [
    { "name": "Floor", "translation": [0, -0.5, 0],
      "extensions": { "KHR_physics_rigid_bodies": { "collider": { "geometry": { "shape": 0 }, "physicsMaterial": 0, "collisionFilter": 1 } } } },
    { "name": "Ramp", "translation": [-5, 1.2, 0], "rotation": [0, 0, -0.2588190451, 0.9659258263],
      "extensions": { "KHR_physics_rigid_bodies": { "collider": { "geometry": { "shape": 1 }, "physicsMaterial": 0, "collisionFilter": 1 } } } },
    { "name": "Crate0", "translation": [1.5, 0.4, 0],
      "extensions": { "KHR_physics_rigid_bodies": { "motion": { "mass": 20 }, "collider": { "geometry": { "shape": 2 }, "physicsMaterial": 0, "collisionFilter": 0 } } } },
    { "name": "Crate1", "translation": [1.5, 1.2, 0],
      "extensions": { "KHR_physics_rigid_bodies": { "motion": { "mass": 20 }, "collider": { "geometry": { "shape": 2 }, "physicsMaterial": 0, "collisionFilter": 0 } } } },
    { "name": "Crate2", "translation": [1.5, 2.0, 0],
      "extensions": { "KHR_physics_rigid_bodies": { "motion": { "mass": 20 }, "collider": { "geometry": { "shape": 2 }, "physicsMaterial": 0, "collisionFilter": 0 } } } },
    { "name": "Crate3", "translation": [1.5, 0.4, 0.8],
      "extensions": { "KHR_physics_rigid_bodies": { "motion": { "mass": 20 }, "collider": { "geometry": { "shape": 2 }, "physicsMaterial": 0, "collisionFilter": 0 } } } },
    { "name": "Crate4", "translation": [1.5, 1.2, 0.8],
      "extensions": { "KHR_physics_rigid_bodies": { "motion": { "mass": 20 }, "collider": { "geometry": { "shape": 2 }, "physicsMaterial": 0, "collisionFilter": 0 } } } },
    { "name": "Crate5", "translation": [1.5, 0.4, -0.8],
      "extensions": { "KHR_physics_rigid_bodies": { "motion": { "mass": 20 }, "collider": { "geometry": { "shape": 2 }, "physicsMaterial": 0, "collisionFilter": 0 } } } },
    { "name": "Ball0", "translation": [-7.5, 3.4, 0],
      "extensions": { "KHR_physics_rigid_bodies": { "motion": { "mass": 8, "linearVelocity": [1, 0, 0] }, "collider": { "geometry": { "shape": 3 }, "physicsMaterial": 1, "collisionFilter": 0 } } } },
    { "name": "Ball1", "translation": [-7, 3.9, 0.6],
      "extensions": { "KHR_physics_rigid_bodies": { "motion": { "mass": 8 }, "collider": { "geometry": { "shape": 3 }, "physicsMaterial": 1, "collisionFilter": 0 } } } },
    { "name": "Ball2", "translation": [-6.5, 4.4, -0.6],
      "extensions": { "KHR_physics_rigid_bodies": { "motion": { "mass": 8 }, "collider": { "geometry": { "shape": 3 }, "physicsMaterial": 1, "collisionFilter": 0 } } } },
    { "name": "Paddle", "translation": [4.5, 0.35, 0],
      "extensions": { "KHR_physics_rigid_bodies": { "motion": { "isKinematic": true, "angularVelocity": [0, 1, 0] }, "collider": { "geometry": { "shape": 4 }, "physicsMaterial": 0, "collisionFilter": 0 } } } },
    { "name": "Dumbbell", "translation": [3, 3, 2.5], "rotation": [0.3826834324, 0, 0, 0.9238795325], "children": [13, 14],
      "extensions": { "KHR_physics_rigid_bodies": { "motion": { "mass": 30, "angularVelocity": [0, 0, 2] }, "collider": { "geometry": { "shape": 5 }, "physicsMaterial": 0, "collisionFilter": 0 } } } },
    { "name": "DumbbellEndA", "translation": [0, 0.6, 0],
      "extensions": { "KHR_physics_rigid_bodies": { "collider": { "geometry": { "shape": 6 }, "physicsMaterial": 0, "collisionFilter": 0 } } } },
    { "name": "DumbbellEndB", "translation": [0, -0.6, 0],
      "extensions": { "KHR_physics_rigid_bodies": { "collider": { "geometry": { "shape": 6 }, "physicsMaterial": 0, "collisionFilter": 0 } } } },
    { "name": "Ghost0", "translation": [1.5, 4.5, 0.1],
      "extensions": { "KHR_physics_rigid_bodies": { "motion": { "mass": 2 }, "collider": { "geometry": { "shape": 7 }, "physicsMaterial": 1, "collisionFilter": 2 } } } },
    { "name": "Ghost1", "translation": [1.4, 5.5, -0.7],
      "extensions": { "KHR_physics_rigid_bodies": { "motion": { "mass": 2 }, "collider": { "geometry": { "shape": 7 }, "physicsMaterial": 1, "collisionFilter": 2 } } } }
  ],
  "extensions": {
    "KHR_implicit_shapes": {
      "shapes": [
        { "type": "box", "box": { "size": [24, 1, 12] } },
        { "type": "box", "box": { "size": [6, 0.3, 3] } },
        { "type": "box", "box": { "size": [0.8, 0.8, 0.8] } },
        { "type": "sphere", "sphere": { "radius": 0.35 } },
        { "type": "box", "box": { "size": [3, 0.3, 0.3] } },
        { "type": "capsule", "capsule": { "height": 1.2, "radiusTop": 0.08, "radiusBottom": 0.08 } },
        { "type": "sphere", "sphere": { "radius": 0.25 } },
        { "type": "sphere", "sphere": { "radius": 0.3 } }
      ]
    },
    "KHR_physics_rigid_bodies": {
      "physicsMaterials": [
        { "staticFriction": 0.6, "dynamicFriction": 0.6, "restitution": 0.05 },
        { "staticFriction": 0.4, "dynamicFriction": 0.4, "restitution": 0.8, "restitutionCombine": "maximum" }
      ],
      "collisionFilters": [
        { "collisionSystems": ["props"] },
        { "collisionSystems": ["ground"] },
        { "collisionSystems": ["ghosts"], "collideWithSystems": ["ground"] }
      ]
    }
  }
}
`;
